import { driver } from './carousel.driver'
import { drivePaths } from './runner'

drivePaths(driver)
