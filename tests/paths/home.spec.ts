import { driver } from './home.driver'
import { drivePaths } from './runner'

drivePaths(driver)
