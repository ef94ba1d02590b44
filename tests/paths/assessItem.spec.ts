import { driver } from './assessItem.driver'
import { drivePaths } from './runner'

drivePaths(driver)
