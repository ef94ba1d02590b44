import { driver } from './featureTable.driver'
import { drivePaths } from './runner'

drivePaths(driver)
